export declare const PUBLIC_RPCS_FILE: string;
export declare function publicRpcTable(): Record<number, string>;
export declare function publicRpcSource(): string;

import type { RollupLog } from 'rollup';

export declare const HARMLESS_THIRD_PARTY: ReadonlySet<string>;
export declare function isHarmlessThirdPartyWarning(warning: Pick<RollupLog, 'code' | 'id' | 'ids' | 'loc'>): boolean;
export declare function onwarn(warning: RollupLog, warn: (warning: RollupLog | string) => void): void;

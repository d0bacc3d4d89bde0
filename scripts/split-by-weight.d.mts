export function splitByWeight(files: readonly string[], count: number, seconds: Record<string, number>): { files: string[]; seconds: number }[];
export function readDurations(path: string): Record<string, number>;

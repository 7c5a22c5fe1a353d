export declare function freePort(): Promise<number>;
export declare function redisServerArgs(port: number, dir: string): string[];

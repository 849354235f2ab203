export declare const SERVER_HEAP_MB: number;
export declare const SERVER_SEMI_SPACE_MB: number;
export declare const HEAP_LIMIT_FLAG: string;
export declare function hasHeapLimit(execArgv?: string[], nodeOptions?: string): boolean;
export declare function serverHeapFlags(execArgv?: string[], nodeOptions?: string): string[];
export declare const SERVER_MALLOC_ARENAS: string;
export declare function serverMallocEnv(env?: NodeJS.ProcessEnv): { MALLOC_ARENA_MAX: string };

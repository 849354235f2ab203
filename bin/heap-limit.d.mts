export declare const SERVER_HEAP_MB: number;
export declare const SERVER_SEMI_SPACE_MB: number;
export declare const HEAP_LIMIT_FLAG: string;
export declare function hasHeapLimit(execArgv?: string[], nodeOptions?: string): boolean;
export declare function serverHeapFlags(execArgv?: string[], nodeOptions?: string): string[];

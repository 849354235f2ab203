export declare const FIRST_PAUSE_MS: number;
export declare const LONGEST_PAUSE_MS: number;
export declare const HEALTHY_RUN_MS: number;
export declare function pauseBefore(attempt: number): number;

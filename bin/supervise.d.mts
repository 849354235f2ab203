export declare const FIRST_PAUSE_MS: number;
export declare const LONGEST_PAUSE_MS: number;
export declare const HEALTHY_RUN_MS: number;
export declare function pauseBefore(attempt: number): number;
export declare function supervise(options: {
  nodeArgs: string[];
  script: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  log?: Pick<Console, "error">;
}): void;

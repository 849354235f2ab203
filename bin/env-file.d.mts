export declare class EnvFileError extends Error {}
export declare function takeEnvFileOption(args: string[]): { file: string | undefined; rest: string[] };
export declare function readEnvFile(file: string): Record<string, string>;
export declare function loadEnvFile(file: string, env?: NodeJS.ProcessEnv): Record<string, string>;

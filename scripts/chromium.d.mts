export declare const CHROMIUM_FLAGS: string[];
export declare function findChromium(): Promise<string | undefined>;
export declare const PACKAGED_CHROMIUM_DIR: string;
export declare function packagedChromium(): Promise<string>;

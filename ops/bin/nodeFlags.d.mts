export declare const SERVICE_NODE_FLAGS: readonly string[];

export interface FleetNode {
  name: string;
  url: string;
  output(): string;
  kill(): Promise<void>;
  restart(): Promise<void>;
}
export interface Fleet {
  /** The balancer's URL. */
  url: string;
  dir: string;
  nodes: FleetNode[];
  worker: { output(): string; kill(): Promise<void>; restart(): Promise<void> };
  stop(): Promise<void>;
}
export declare function haproxyConfig(options: {
  port: number;
  nodes: { name: string; port: number }[];
}): string;
export declare function startFleet(options: {
  databaseUrl: string;
  nodes?: number;
  port?: number;
  web?: boolean;
  serverBundle?: string;
  workerBundle?: string;
  env?: Record<string, string>;
}): Promise<Fleet>;

export interface LocalRedisCluster {
  /** Every node (masters and replicas). */
  nodes: Array<{ host: string; port: number }>;
  /** The REDIS_CLUSTER_NODES value for it. */
  clusterNodes: string;
  dir: string;
  stop(): Promise<void>;
  /** The ports of the nodes that are masters now. */
  masterPorts(): number[];
  /** The master serving the slot of `key` now, or null. */
  masterOf(key: string): number | null;
  alive(port: number): boolean;
  /** The running nodes' process ids. */
  pids(): number[];
  /** kill -9 of one node. */
  kill(port: number): Promise<void>;
  /** Starts a killed node again (it rejoins, as a replica if it was failed over). */
  restart(port: number): Promise<void>;
  /** Every node up, each with cluster_state:ok and every slot served. */
  healthy(): boolean;
}
export function startRedisCluster(options?: {
  masters?: number;
  replicasPerMaster?: number;
  log?: (line: string) => void;
  timeoutMs?: number;
  /** cluster-node-timeout (5000): how long a master may be unreachable before its replica is promoted. */
  nodeTimeoutMs?: number;
}): Promise<LocalRedisCluster>;

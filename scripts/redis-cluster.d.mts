export interface LocalRedisCluster {
  /** Every node (masters and replicas). */
  nodes: Array<{ host: string; port: number }>;
  /** The REDIS_CLUSTER_NODES value for it. */
  clusterNodes: string;
  dir: string;
  stop(): Promise<void>;
}
export function startRedisCluster(options?: {
  masters?: number;
  replicasPerMaster?: number;
  log?: (line: string) => void;
  timeoutMs?: number;
}): Promise<LocalRedisCluster>;

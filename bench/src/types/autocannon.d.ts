// The slice of autocannon's API the bench uses (the package ships no types).
declare module "autocannon" {
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }
  export interface RequestSpec {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: RequestSpec, context: Record<string, unknown>) => RequestSpec;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: RequestSpec[];
    pipelining?: number;
  }
  export interface Result {
    requests: Histogram & { sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    statusCodeStats: Record<string, { count: number }>;
    "2xx": number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}

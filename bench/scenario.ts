// What a bench scenario asks for: run.ts loads it on the product (and on the plain handler when it names one).

export interface Load {
  path: string;
  headers: Record<string, string>;
  /** A POST whose body `body(n)` gives for the n-th request (autocannon's setupRequest). */
  body?: (n: number) => string;
  /** Headers of the n-th request beside `headers` (an Idempotency-Key of its own). */
  requestHeaders?: (n: number) => Record<string, string>;
  /** Connections for this load, else --connections. */
  connections?: number;
}

export interface Scenario extends Load {
  name: string;
  /** The plain handler's path for the same question (its figures and the ratio are printed beside). */
  plain?: string;
}

// pg 8 queues a query sent to a client that is still running one (and warns once per process, from the third on);
// pg 9 refuses it. Inside a transaction, one client, that is reads racing for one connection. The PostgreSQL test
// project refuses it now, on every call, so each code path that does it fails its own test (see `readTogether`).
import pg from 'pg';

type Busy = { _activeQuery: unknown; _queryQueue: unknown[]; pipeline?: boolean };
const guarded = Symbol.for('parking-solutions.one-query-per-client');
const prototype = pg.Client.prototype as typeof pg.Client.prototype & { [guarded]?: true };

if (!prototype[guarded]) {
  const query = prototype.query;
  prototype.query = function queryWhenIdle(this: pg.Client & Busy, ...args: Parameters<typeof query>) {
    if ((this._activeQuery || this._queryQueue.length > 0) && !this.pipeline) {
      throw new Error('a query was sent to a PostgreSQL client that is still running one (in a transaction: use readTogether)');
    }
    return query.apply(this, args);
  } as typeof query;
  prototype[guarded] = true;
}

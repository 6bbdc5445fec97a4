/**
 * A D1 binding that watches what goes through it, for tests inside workerd: every round trip to the database
 * (a statement run, a batch), and every session opened with `withSession`, with where it started and the
 * statements run through it. Queries made on the bare binding are recorded under the start "binding" (D1 answers
 * them on the primary).
 */
export type SpiedSession = { start: string; statements: string[] };

export function spyD1(db: D1Database) {
  const seen = { trips: 0, sessions: [] as SpiedSession[] };
  const originals = new WeakMap<object, D1PreparedStatement>();
  const queries = new WeakMap<object, string>();
  const bare: SpiedSession = { start: "binding", statements: [] };

  const wrapStatement = (statement: D1PreparedStatement, session: SpiedSession, query: string): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, name) {
        if (name === "bind") return (...values: unknown[]) => wrapStatement(target.bind(...values), session, query);
        if (name === "first" || name === "all" || name === "raw" || name === "run") {
          return (...args: never[]) => {
            seen.trips++;
            session.statements.push(query);
            return (target[name] as (...a: never[]) => unknown).apply(target, args);
          };
        }
        const value = Reflect.get(target, name);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    originals.set(proxy, statement);
    queries.set(proxy, query);
    return proxy;
  };

  const wrapClient = <T extends Pick<D1Database, "prepare" | "batch">>(client: T, session: SpiedSession): T =>
    new Proxy(client, {
      get(target, name) {
        if (name === "prepare") {
          return (query: string) => wrapStatement(target.prepare(query), session, query);
        }
        if (name === "batch") {
          return (batch: D1PreparedStatement[]) => {
            seen.trips++;
            for (const statement of batch) session.statements.push(queries.get(statement) ?? "?");
            return target.batch(batch.map((s) => originals.get(s) ?? s));
          };
        }
        if (name === "withSession") {
          return (start?: string) => {
            const opened: SpiedSession = { start: start ?? "first-unconstrained", statements: [] };
            seen.sessions.push(opened);
            return wrapClient((target as unknown as D1Database).withSession(start), opened);
          };
        }
        if (name === "exec") {
          return (query: string) => {
            seen.trips++;
            session.statements.push(query);
            return (target as unknown as D1Database).exec(query);
          };
        }
        const value = Reflect.get(target, name);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });

  return { binding: wrapClient(db, bare), seen, bare };
}

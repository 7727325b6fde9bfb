/**
 * The shape every money decision takes (emmett's Decider): `decide(command, state)` returns the events the command
 * causes (none when there is nothing to do), `evolve(state, event)` applies one. Pure and deterministic: what the
 * decision needs to know — balances, today's total, the clock's IST day — is in the state the caller loaded.
 */
export interface Decider<Command, State, Event> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
}

/**
 * A refused command, as an event: `code` says why (the caller maps it to its transport, e.g. an HTTP status),
 * `message` is the text the player or admin sees, `errors` the per-field messages of a form.
 */
export interface Refusal<Type extends string, Code extends string> {
  readonly type: Type;
  readonly data: {
    readonly code: Code;
    readonly message: string;
    readonly errors?: Readonly<Record<string, string>>;
  };
}

/** A refusal event; per-field errors only when there are some. */
export function refusal<Type extends string, Code extends string>(
  type: Type,
  code: Code,
  message: string,
  errors?: Readonly<Record<string, string>>,
): Refusal<Type, Code> {
  return { type, data: { code, message, ...(errors ? { errors } : {}) } };
}

/** Folds events over a state with a decider's evolve. */
export function fold<State, Event>(
  evolve: (state: State, event: Event) => State,
  state: State,
  events: readonly Event[],
): State {
  return events.reduce(evolve, state);
}

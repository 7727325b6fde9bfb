import type { Decider } from '../decider.js';

/**
 * Given/when/then for a decider (emmett's DeciderSpecification): given a state and the events already applied to it,
 * when a command, then exactly these events — or a refusal with its code and message, or nothing.
 */
export function deciderSpecification<Command, State, Event>(decider: Decider<Command, State, Event>) {
  return {
    given(state: State, ...history: Event[]) {
      const current = history.reduce(decider.evolve, state);
      return {
        when(command: Command) {
          const decided = () => decider.decide(command, current);
          return {
            /** Exactly these events, in order. */
            then(expected: Event[]): void {
              expect(decided()).toEqual(expected);
            },
            /** One refusal event with this code (and message, when given). */
            thenRefused(code: string, message?: string): void {
              const events = decided() as unknown as { data: { code?: string; message?: string } }[];
              expect(events).toHaveLength(1);
              expect(events[0]!.data.code).toBe(code);
              if (message !== undefined) expect(events[0]!.data.message).toBe(message);
            },
            /** No event: the command has nothing to do in this state. */
            thenNothing(): void {
              expect(decided()).toEqual([]);
            },
            /** The events, for assertions the other forms do not say. */
            events: decided,
          };
        },
      };
    },
  };
}

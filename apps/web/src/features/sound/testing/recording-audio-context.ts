/**
 * A stand-in for the browser's AudioContext (jsdom has no audio): it records the tones scheduled on it, as
 * { frequency, at } with `at` relative to the context's time when the sound was asked for.
 */
export class RecordingAudioContext {
  static instances: RecordingAudioContext[] = [];
  state: 'suspended' | 'running' | 'closed' = 'suspended';
  currentTime = 10;
  readonly destination = {};
  readonly tones: { frequency: number; at: number; stopAt: number }[] = [];
  resumed = 0;

  constructor() {
    RecordingAudioContext.instances.push(this);
  }

  resume() {
    this.resumed += 1;
    this.state = 'running';
    return Promise.resolve();
  }

  close() {
    this.state = 'closed';
    return Promise.resolve();
  }

  createGain() {
    const param = { setValueAtTime: () => param, exponentialRampToValueAtTime: () => param };
    return { gain: param, connect: () => undefined };
  }

  createOscillator() {
    const tone = { frequency: 0, at: 0, stopAt: 0 };
    const startedAt = () => this.currentTime;
    const record = () => this.tones.push(tone);
    return {
      type: 'sine',
      frequency: {
        setValueAtTime(value: number) {
          tone.frequency = value;
        },
      },
      connect: () => undefined,
      start(at: number) {
        tone.at = Math.round((at - startedAt()) * 1000) / 1000;
        record();
      },
      stop(at: number) {
        tone.stopAt = at;
      },
    };
  }

  /** The frequencies of the sounds played so far, in order. */
  frequencies(): number[] {
    return this.tones.map((t) => t.frequency);
  }
}

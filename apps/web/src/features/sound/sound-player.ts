/**
 * The game's sound effects, made with the Web Audio API (no audio files): a short tick, and a two-tone chime for a
 * result, rising for a win and level (neutral) for a loss. The AudioContext is created on the first sound and
 * resumed each time (browsers start it suspended until the page has had a tap); without Web Audio nothing plays.
 */
export interface SoundPlayer {
  tick(): void;
  result(win: boolean): void;
  /** Frees the audio context (the game screen left). */
  close(): void;
}

/** The tones: frequency (Hz), start offset and length (seconds). */
export const TICK_TONE = { frequency: 1_200, at: 0, seconds: 0.05 } as const;
export const WIN_TONES = [
  { frequency: 660, at: 0, seconds: 0.12 },
  { frequency: 990, at: 0.13, seconds: 0.18 },
] as const;
export const LOSS_TONES = [
  { frequency: 440, at: 0, seconds: 0.12 },
  { frequency: 440, at: 0.13, seconds: 0.12 },
] as const;

/** Quiet: an effect, not an alarm. */
const PEAK_GAIN = 0.12;

type Tone = { readonly frequency: number; readonly at: number; readonly seconds: number };

export function createSoundPlayer(
  makeContext: () => AudioContext | null = () => (typeof AudioContext === 'undefined' ? null : new AudioContext()),
): SoundPlayer {
  let context: AudioContext | null | undefined;

  const play = (tones: readonly Tone[]) => {
    if (context === undefined) {
      try {
        context = makeContext();
      } catch {
        context = null; // no audio on this device
      }
    }
    const audio = context;
    if (!audio) return;
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
    const start = audio.currentTime;
    for (const tone of tones) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      const from = start + tone.at;
      const to = from + tone.seconds;
      oscillator.type = 'sine';
      oscillator.frequency.setValueAtTime(tone.frequency, from);
      // A quick attack and an exponential fade: no click at either end.
      gain.gain.setValueAtTime(0.0001, from);
      gain.gain.exponentialRampToValueAtTime(PEAK_GAIN, from + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, to);
      oscillator.connect(gain);
      gain.connect(audio.destination);
      oscillator.start(from);
      oscillator.stop(to + 0.02);
    }
  };

  return {
    tick: () => play([TICK_TONE]),
    result: (win) => play(win ? WIN_TONES : LOSS_TONES),
    close: () => {
      if (context) void context.close().catch(() => undefined);
      context = undefined;
    },
  };
}

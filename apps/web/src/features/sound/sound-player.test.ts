import { createSoundPlayer, LOSS_TONES, TICK_TONE, WIN_TONES } from './sound-player';
import { RecordingAudioContext } from './testing/recording-audio-context';

describe('the sound player (Web Audio, no files)', () => {
  test('a tick is one short high tone; a win rises; a loss stays level', () => {
    const context = new RecordingAudioContext();
    const player = createSoundPlayer(() => context as unknown as AudioContext);
    player.tick();
    player.result(true);
    player.result(false);
    expect(context.frequencies()).toEqual([
      TICK_TONE.frequency,
      WIN_TONES[0].frequency,
      WIN_TONES[1].frequency,
      LOSS_TONES[0].frequency,
      LOSS_TONES[1].frequency,
    ]);
    expect(WIN_TONES[1].frequency).toBeGreaterThan(WIN_TONES[0].frequency);
    expect(LOSS_TONES[1].frequency).toBe(LOSS_TONES[0].frequency);
    // Short: the tick is gone within a tenth of a second, the chime within half a second.
    expect(context.tones[0]!.stopAt - context.currentTime).toBeLessThan(0.1);
    expect(Math.max(...context.tones.map((t) => t.stopAt)) - context.currentTime).toBeLessThan(0.5);
    // Browsers start the context suspended: it is resumed to play.
    expect(context.resumed).toBeGreaterThan(0);
  });

  test('creates its audio context only when a sound plays, and closes it when done', () => {
    let made = 0;
    const context = new RecordingAudioContext();
    const player = createSoundPlayer(() => {
      made += 1;
      return context as unknown as AudioContext;
    });
    expect(made).toBe(0);
    player.tick();
    player.tick();
    expect(made).toBe(1);
    player.close();
    expect(context.state).toBe('closed');
  });

  test('a device without Web Audio plays nothing and throws nothing', () => {
    expect(() => createSoundPlayer(() => null).tick()).not.toThrow();
    expect(() =>
      createSoundPlayer(() => {
        throw new Error('not allowed');
      }).result(true),
    ).not.toThrow();
  });
});

import { speak, VOICES_WAIT_MS } from '../features/read-aloud/speech';

/** A stand-in for the browser's speech synthesis: its voices (by language), and what it was asked to say. */
class FakeSynth extends EventTarget {
  voices: { lang: string; name: string }[];
  spoken: SpeechSynthesisUtterance[] = [];
  cancelled = 0;
  constructor(...langs: string[]) {
    super();
    this.voices = langs.map((lang) => ({ lang, name: `Voice ${lang}` }));
  }
  getVoices() {
    return this.voices as SpeechSynthesisVoice[];
  }
  speak(utterance: SpeechSynthesisUtterance) {
    this.spoken.push(utterance);
  }
  cancel() {
    this.cancelled += 1;
  }
}

class FakeUtterance {
  lang = '';
  voice: SpeechSynthesisVoice | null = null;
  constructor(readonly text: string) {}
}

const global = globalThis as { speechSynthesis?: unknown; SpeechSynthesisUtterance?: unknown };

function install(synth: FakeSynth | undefined) {
  global.speechSynthesis = synth;
  global.SpeechSynthesisUtterance = synth && FakeUtterance;
  return synth!;
}

afterEach(() => {
  delete global.speechSynthesis;
  delete global.SpeechSynthesisUtterance;
  jest.useRealTimers();
});

describe('speak', () => {
  it('should say the text in Bangla with a Bangla voice, as bn-BD', async () => {
    const synth = install(new FakeSynth('en-US', 'bn_BD'));
    await expect(speak('২৫০ টাকা পেয়েছেন', 'bn')).resolves.toBe(true);
    expect(synth.spoken.map(({ text, lang, voice }) => [text, lang, voice?.lang])).toEqual([
      ['২৫০ টাকা পেয়েছেন', 'bn-BD', 'bn_BD'],
    ]);
    expect(synth.cancelled).toBe(1);
  });

  it('should say English with an English voice, as en-US', async () => {
    const synth = install(new FakeSynth('bn-IN', 'en-GB'));
    await expect(speak('Received 250 Taka', 'en')).resolves.toBe(true);
    expect(synth.spoken.map(({ text, lang, voice }) => [text, lang, voice?.lang])).toEqual([
      ['Received 250 Taka', 'en-US', 'en-GB'],
    ]);
  });

  it('should not speak when the device has no voice for the language', async () => {
    const synth = install(new FakeSynth('en-US', 'hi-IN'));
    await expect(speak('২৫০ টাকা পেয়েছেন', 'bn')).resolves.toBe(false);
    expect(synth.spoken).toEqual([]);
  });

  it('should not speak where the browser has no speech synthesis', async () => {
    install(undefined);
    await expect(speak('Received 250 Taka', 'en')).resolves.toBe(false);
  });

  it('should wait for the voices the browser loads late, and speak once they come', async () => {
    const synth = install(new FakeSynth());
    const spoken = speak('Received 250 Taka', 'en');
    synth.voices = [{ lang: 'en-US', name: 'Late' }];
    synth.dispatchEvent(new Event('voiceschanged'));
    await expect(spoken).resolves.toBe(true);
    expect(synth.spoken).toHaveLength(1);
  });

  it('should give up waiting for voices after a while, and say it cannot speak', async () => {
    jest.useFakeTimers();
    const synth = install(new FakeSynth());
    let settled = false;
    const spoken = speak('Received 250 Taka', 'en').finally(() => (settled = true));
    jest.advanceTimersByTime(VOICES_WAIT_MS - 1);
    await Promise.resolve();
    expect(settled).toBe(false);
    jest.advanceTimersByTime(1);
    await expect(spoken).resolves.toBe(false);
    expect(synth.spoken).toEqual([]);
  });
});

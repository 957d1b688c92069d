/**
 * The browser's speech synthesis as a test sets it up: the voices the device has (by language),
 * and what the page asked it to say. jsdom has none; `withSpeech()` removes it after each test.
 */
export function installSpeech(...langs: string[]) {
  const spoken: { text: string; lang: string }[] = [];
  const synth = {
    getVoices: () => langs.map((lang) => ({ lang, name: lang })),
    speak: (utterance: { text: string; lang: string }) => spoken.push({ text: utterance.text, lang: utterance.lang }),
    cancel: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
  Object.assign(globalThis, {
    speechSynthesis: synth,
    SpeechSynthesisUtterance: class {
      lang = '';
      voice = null;
      constructor(readonly text: string) {}
    },
  });
  return spoken;
}

export function withSpeech() {
  afterEach(() => {
    const global = globalThis as { speechSynthesis?: unknown; SpeechSynthesisUtterance?: unknown };
    delete global.speechSynthesis;
    delete global.SpeechSynthesisUtterance;
  });
}

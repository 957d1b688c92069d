import type { Language } from '@wallet/shared/i18n/languages';

/** The language an utterance is spoken in, per page language. */
const SPEECH_LANG: Record<Language, string> = { en: 'en-US', bn: 'bn-BD' };

/**
 * How long to wait for the browser's voices when it has none yet: Chrome fills `getVoices()` only
 * after `voiceschanged`, a moment after the page loads.
 */
export const VOICES_WAIT_MS = 1_500;

/** A voice that speaks `language` ("bn", "bn-BD", "bn_IN" for Bangla). */
const speaks = (language: Language) => (voice: SpeechSynthesisVoice) => voice.lang.toLowerCase().startsWith(language);

/** Resolves once the browser says its voices changed, or after `ms`, whichever comes first. */
function voicesChanged(synth: SpeechSynthesis, ms: number) {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      synth.removeEventListener?.('voiceschanged', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    synth.addEventListener?.('voiceschanged', done);
  });
}

async function voiceFor(synth: SpeechSynthesis, language: Language, wait: number) {
  if (synth.getVoices().length === 0) await voicesChanged(synth, wait);
  return synth.getVoices().find(speaks(language));
}

/**
 * Says `text` aloud in `language` with the browser's speech synthesis, in a voice of that
 * language. Resolves to false when it cannot (no speech synthesis, or no such voice on this
 * device), for the screen to show the text instead: a Bangla sentence read by an English voice
 * would say nothing a customer understands.
 */
export async function speak(text: string, language: Language, { wait = VOICES_WAIT_MS } = {}): Promise<boolean> {
  const synth = globalThis.speechSynthesis;
  if (!synth || typeof globalThis.SpeechSynthesisUtterance !== 'function') return false;
  const voice = await voiceFor(synth, language, wait);
  if (!voice) return false;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = SPEECH_LANG[language];
  utterance.voice = voice;
  // A second press says the new amount at once rather than after the first.
  synth.cancel();
  synth.speak(utterance);
  return true;
}

/** A promise the test resolves when it chooses: an answer held back until then, so a pending state can be seen without timers. */
export function held() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

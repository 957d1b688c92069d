type Listener = (event: Event) => void;

/**
 * jsdom has no EventSource: this stands in for it, recording every stream opened, and lets a test
 * play the server (`open`, `send`, `fail`). `withFakeEventSource()` puts it in place for each test.
 */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  readonly withCredentials: boolean;
  /** 0 connecting, 1 open, 2 closed, as the real one. */
  readyState = 0;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(url: string | URL, init?: EventSourceInit) {
    this.url = String(url);
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.instances.push(this);
  }

  /** The stream opened last. */
  static get latest() {
    return FakeEventSource.instances.at(-1);
  }

  addEventListener(type: string, listener: Listener) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }

  removeEventListener(type: string, listener: Listener) {
    this.listeners.get(type)?.delete(listener);
  }

  close() {
    this.readyState = 2;
  }

  open() {
    this.readyState = 1;
    this.dispatch(new Event('open'));
  }

  /** One `event: <type>` with `data` written as JSON. */
  send(type: string, data: unknown) {
    this.dispatch(new MessageEvent(type, { data: JSON.stringify(data) }));
  }

  /** The connection broke (or the server answered something other than a stream). */
  fail() {
    this.readyState = 2;
    this.dispatch(new Event('error'));
  }

  private dispatch(event: Event) {
    if (this.readyState === 2 && event.type !== 'error') return;
    this.listeners.get(event.type)?.forEach((listener) => listener(event));
  }
}

/** Puts the fake on `globalThis` for each test of the calling file (call it at the file's top level). */
export function withFakeEventSource() {
  const global = globalThis as { EventSource?: unknown };
  let original: unknown;
  beforeEach(() => {
    original = global.EventSource;
    FakeEventSource.instances = [];
    global.EventSource = FakeEventSource;
  });
  afterEach(() => {
    global.EventSource = original;
  });
}

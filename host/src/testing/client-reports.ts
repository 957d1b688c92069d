import { clientReportSchema, type ClientReport } from '@wallet/shared/contracts/releases';
import type { RuntimeConfig } from '@wallet/shared/federation';

export const RELEASES = {
  host: 'host-7',
  public: 'public-3',
  user: 'user-2',
  agent: 'agent-5',
  admin: 'admin-1',
} satisfies RuntimeConfig['releases'];

export const CONFIG_WITH_RELEASES: RuntimeConfig = { apiBaseUrl: '/api/v1/', remotes: {}, releases: RELEASES };

interface Sent {
  via: 'fetch' | 'beacon';
  url: string;
  body: Promise<string>;
  init?: RequestInit;
  type?: string;
}

const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/**
 * Catches what leaves the page for `/client-reports`: bodies posted with fetch (answered `status`)
 * and beacons (accepted unless `beacon` is false), and answers `/app-config.json` with `config()`
 * when given. Every other request goes on to the network (msw).
 */
export function captureClientReports({
  beacon = true,
  status = 202,
  config,
}: { beacon?: boolean; status?: number; config?: () => RuntimeConfig } = {}) {
  const sent: Sent[] = [];
  const network = globalThis.fetch;
  const fetch = jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = urlOf(input);
    // `config`: what /app-config.json answers now (a page renewing its report token).
    if (config && url.endsWith('/app-config.json')) return Promise.resolve(Response.json(config()));
    if (!url.endsWith('/client-reports')) return network(input, init);
    sent.push({ via: 'fetch', url, init, body: Promise.resolve(String(init?.body)) });
    return Promise.resolve(new Response(null, { status }));
  });
  const sendBeacon = jest.fn((url: string | URL, data?: BodyInit | null) => {
    if (beacon && data instanceof Blob)
      sent.push({ via: 'beacon', url: String(url), body: data.text(), type: data.type });
    return beacon;
  });
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });

  /** Every body sent, in order, each checked against the contract: nothing in it but area, release and kind. */
  async function bodies(): Promise<ClientReport[]> {
    const texts = await Promise.all(sent.map((one) => one.body));
    return texts.map((text) => {
      const body: unknown = JSON.parse(text);
      expect(clientReportSchema.parse(body)).toStrictEqual(body);
      return body as ClientReport;
    });
  }

  return {
    sent,
    fetch,
    sendBeacon,
    bodies,
    reports: async () => (await bodies()).flatMap((body) => body.reports),
    restore() {
      fetch.mockRestore();
      Reflect.deleteProperty(navigator, 'sendBeacon');
    },
  };
}

export const leavePage = () => window.dispatchEvent(new Event('pagehide'));

/** Ports and origins of the servers the browser tests start (playwright.config.ts). */
export const E2E_PORTS = { host: 4273, frame: 4274, provider: 4275 } as const;

/** The host page's origin: `localhost`, a different site from the frame's `127.0.0.1`. */
export const HOST_ORIGIN = `http://localhost:${E2E_PORTS.host}`;
export const FRAME_ORIGIN = `http://127.0.0.1:${E2E_PORTS.frame}`;
export const PROVIDER_ORIGIN = `http://127.0.0.1:${E2E_PORTS.provider}`;

/** The app instance token the reference provider accepts by default. */
export const APP_INSTANCE = 'demo-app-instance';

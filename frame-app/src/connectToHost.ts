import { type Connection, connect, WindowMessenger } from 'penpal';
import { CONNECTION_TIMEOUT_MS, type FrameMethods, type HostMethods, STANDBY_CHANNEL } from '../../shared';

/**
 * The frame side of the bridge: penpal to `window.parent`, accepting `parentOrigin` only
 * (DESIGN "Security model"). Exposes `methods` (the relayed api and `update`, issue 13) and answers the host's heartbeat (`ping`, issue
 * 12). The connection promise rejects with penpal's CONNECTION_TIMEOUT after CONNECTION_TIMEOUT_MS.
 * `standby` (issue 24): a warm-up frame waiting for a mount to adopt it connects on
 * STANDBY_CHANNEL instead, and waits as long as it takes (no timeout): no mount may ever come.
 */
export function connectToHost(
  parentOrigin: string,
  methods: Omit<FrameMethods, 'ping'>,
  standby = false,
): Connection<HostMethods> {
  const messenger = new WindowMessenger({ remoteWindow: window.parent, allowedOrigins: [parentOrigin] });
  return connect<HostMethods>({
    messenger,
    methods: { ...methods, ping() {} },
    ...(standby ? { channel: STANDBY_CHANNEL } : { timeout: CONNECTION_TIMEOUT_MS }),
  });
}

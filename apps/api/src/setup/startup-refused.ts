/**
 * A start-up check that refuses to serve (production without a super-admin's second factor, an ADMIN_PASSWORD that
 * breaks the administrator password rule): main.ts prints its message as one line and exits 1.
 */
export class StartupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupRefused';
  }
}

/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Client API key sent as `x-api-key`; identifies the app, it is not a secret. */
  readonly VITE_API_KEY?: string;
  /** Messaging-app group link shown on the landing page. */
  readonly VITE_SUPPORT_GROUP_URL?: string;
  /** Support e-mail address shown on the landing page. */
  readonly VITE_SUPPORT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

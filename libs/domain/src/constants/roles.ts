/** Roles returned with the user at login and refresh. */
export const ROLES = ['user', 'super-admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_USER: Role = 'user';
export const ROLE_SUPER_ADMIN: Role = 'super-admin';

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

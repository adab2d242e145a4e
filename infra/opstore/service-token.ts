// Service (secret) tokens of a Triplit server: an HS256 JWT carrying Triplit's service-token claims, signed with the
// server's JWT secret. Whoever holds the secret can mint one; the operational store's clients present it.
import { createHmac } from 'node:crypto';

/** The project id the service's own Triplit server runs under. */
export const OPSTORE_PROJECT_ID = 'launchtape';

export function mintServiceToken(secret: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ 'x-triplit-token-type': 'secret', 'x-triplit-project-id': OPSTORE_PROJECT_ID })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

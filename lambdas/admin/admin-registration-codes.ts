import type { CreateRegistrationCodeRequest } from '../shared/contracts/admin';
import type { RegistrationCodeRecord } from '../shared/contracts/registration-code';
import { ConflictError } from '../shared/errors';
import type { RegistrationCodesRepository } from '../shared/registration-codes/registration-codes-repository';

/**
 * Registration codes are data: an operator adds them (`npm run admin -- add-code …`), the local
 * runtime seeds one per beta group. A code is never overwritten: an existing one is a ConflictError.
 */
export async function createRegistrationCode(
  deps: { readonly codes: RegistrationCodesRepository; readonly now?: () => Date },
  input: CreateRegistrationCodeRequest,
): Promise<RegistrationCodeRecord> {
  const timestamp = (deps.now?.() ?? new Date()).toISOString();
  const record: RegistrationCodeRecord = {
    code: input.code,
    group: input.group,
    ...(input.maxUses !== undefined ? { maxUses: input.maxUses } : {}),
    ...(input.expiresAt !== undefined ? { expiresAt: new Date(input.expiresAt).toISOString() } : {}),
    uses: 0,
    createdAt: timestamp,
    updatedAt: timestamp,
  };
  if (!(await deps.codes.putIfAbsent(record)))
    throw new ConflictError(`The registration code ${input.code} exists already.`, { code: 'code_exists' });
  return record;
}

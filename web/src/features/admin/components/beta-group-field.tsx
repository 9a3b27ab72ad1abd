import { BETA_CUSTOMER_GROUPS } from '@shared-domain/groups';
import { FieldFrame } from '../../../components/ui/form-field';

/** The beta group a person is invited to, or a registration code signs people up to. */
export function BetaGroupField({
  value,
  error,
  onChange,
}: {
  readonly value: string;
  readonly error?: string;
  readonly onChange: (group: string) => void;
}) {
  return (
    <FieldFrame label="Beta group" error={error}>
      {(control) => (
        <select {...control} name="group" value={value} onChange={(event) => onChange(event.target.value)}>
          {BETA_CUSTOMER_GROUPS.map((group) => (
            <option key={group} value={group}>
              {group}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

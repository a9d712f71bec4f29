import { useState } from 'react';
import { refusalAfter, refusalShown, type NumberField, type TypedRefusal } from './numberInput.ts';

/**
 * A form's number fields saying a key or paste they refused ('-', 'e', a letter, a third decimal)
 * under the field, rather than dropping it unexplained: "1e5" would otherwise read as 15. One
 * field's refusal at a time; `refusalAfter` says till when it is said.
 */
export function useTypedRefusal<Field extends string>() {
  const [refused, setRefused] = useState<{ field: Field; hint: string; at: TypedRefusal } | null>(
    null,
  );
  return {
    /**
     * What `field` (a `number` field holding `before`) keeps of `typed`, undefined when it refuses
     * it; the refusal is noted to be said.
     */
    typed(field: Field, number: NumberField, before: string, typed: string): string | undefined {
      const kept = number.kept(typed);
      setRefused((current) => {
        const own = current?.field === field ? current.at : null;
        const at = refusalAfter(own, before, kept);
        if (at !== null) return { field, hint: number.hint, at };
        return own === null ? current : null;
      });
      return kept;
    },
    /** What `field`, holding `value`, says of a refusal now, if anything. */
    hintOf(field: Field, value: string): string | undefined {
      return refused?.field === field && refusalShown(refused.at, value) ? refused.hint : undefined;
    },
  };
}

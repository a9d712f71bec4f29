import type { AdInput } from '@boli/engine/ads/ad.commands';
import type { AdFieldError } from '@boli/engine/ads/ad.rules';
import type { AddressBook, CategoryTree, referenceCatalogue } from '../reference/catalogue.ts';
import { adFormError } from './adForm.ts';

type ReferenceCatalogue = ReturnType<typeof referenceCatalogue>;

type Named = Pick<AdInput, 'categoryname' | 'subcategory' | 'currencycode'>;

/**
 * What an ad form names from the reference data: the category and its subcategory (section 5's
 * pickers) and the currency. The pickers offer nothing else, so a form naming others comes from no
 * screen; taken, its ad would match none of the list's filters and escape its category's rules
 * (a car's make and model). A blank one is the domain's to refuse as missing.
 */
export function referenceErrors(
  reference: { categories: CategoryTree; addresses: AddressBook },
  ad: Partial<Named>,
): AdFieldError[] {
  const errors: AdFieldError[] = [];
  const blank = (value: string | null | undefined) => (value ?? '').trim() === '';
  if (!blank(ad.categoryname)) {
    const known = reference.categories.has(ad.categoryname!, ad.subcategory ?? '');
    if (!known.category) errors.push({ field: 'categoryname', code: 'UNKNOWN_CATEGORY' });
    else if (!blank(ad.subcategory) && !known.subcategory)
      errors.push({ field: 'subcategory', code: 'UNKNOWN_SUBCATEGORY' });
  }
  if (!blank(ad.currencycode) && !reference.addresses.hasCurrency(ad.currencycode!))
    errors.push({ field: 'currencycode', code: 'INVALID_CURRENCY' });
  return errors;
}

/** The form's reference names checked (`referenceErrors`), or its field errors thrown. */
export async function judgeReferences(
  catalogue: ReferenceCatalogue,
  ad: Partial<Named>,
): Promise<void> {
  const [categories, addresses] = await Promise.all([
    catalogue.categories(),
    catalogue.addresses(),
  ]);
  const errors = referenceErrors({ categories, addresses }, ad);
  if (errors.length > 0) throw adFormError(errors);
}

/**
 * What an edit changes of them, over what the ad has: the category and subcategory together when
 * either changes, the currency when it does. An ad's other fields can be edited whatever they
 * name (one posted before a list changed).
 */
export function editedReferences(changes: Partial<Named>, ad: Named): Partial<Named> {
  const category =
    changes.categoryname !== undefined || changes.subcategory !== undefined
      ? {
          categoryname: changes.categoryname ?? ad.categoryname,
          subcategory: changes.subcategory ?? ad.subcategory,
        }
      : {};
  return {
    ...category,
    ...(changes.currencycode !== undefined ? { currencycode: changes.currencycode } : {}),
  };
}

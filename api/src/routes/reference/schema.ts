import { z } from 'zod';

/** A query parameter the call cannot do without: present once, not blank. */
const required = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`);

export const statesQuery = z.object({ country: required('country') });
export type StatesQuery = z.infer<typeof statesQuery>;

export const districtsQuery = z.object({ country: required('country'), state: required('state') });
export type DistrictsQuery = z.infer<typeof districtsQuery>;

export const neighbourhoodsQuery = z.object({
  country: required('country'),
  state: required('state'),
  district: required('district'),
});
export type NeighbourhoodsQuery = z.infer<typeof neighbourhoodsQuery>;

export const subcategoriesQuery = z.object({ category: required('category') });
export type SubcategoriesQuery = z.infer<typeof subcategoriesQuery>;

/**
 * The spec sends only the subcategory; a category may be added to pick between two subcategories
 * of one name (Bank Auctions' Cars and Automobiles' Cars share a list today).
 */
export const makesQuery = z.object({
  subcategory: required('subcategory'),
  category: required('category').optional(),
});
export type MakesQuery = z.infer<typeof makesQuery>;

export const modelsQuery = makesQuery.extend({ make: required('make') });
export type ModelsQuery = z.infer<typeof modelsQuery>;

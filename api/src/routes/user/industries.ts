/**
 * GET /api/auth/industries: the industries a member on the casting and jobs side may name
 * (the profile's optional `industry`). Alphabetical, with 'Other' last.
 */
export const INDUSTRIES: readonly string[] = [
  'Advertising & Marketing',
  'Agriculture',
  'Automobile',
  'Banking & Finance',
  'Construction & Real Estate',
  'Education',
  'Events & Wedding Planning',
  'Fashion & Modelling',
  'Film & Television',
  'Healthcare',
  'Hospitality & Tourism',
  'Information Technology',
  'Journalism & Media',
  'Legal',
  'Logistics & Transport',
  'Manufacturing',
  'Music & Performing Arts',
  'Photography & Videography',
  'Retail & E-commerce',
  'Sports & Fitness',
  'Telecommunications',
  'Textiles & Handloom',
  'Theatre',
  'Other',
];

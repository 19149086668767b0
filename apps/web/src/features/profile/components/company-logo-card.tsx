// Skeleton: the profile's company logo card (owners and admins upload or remove it).
export function CompanyLogoCard() {
  return null;
}

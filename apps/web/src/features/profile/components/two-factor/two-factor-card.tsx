// Skeleton: the profile's two-factor card (enrol with a QR code, recovery codes, turn off).
export function TwoFactorCard() {
  return null;
}

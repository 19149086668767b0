import { randomBytes } from "node:crypto";

// Loaded on first use (a native addon; about 30 ms at start-up otherwise).
let argon2: Promise<typeof import("@node-rs/argon2")> | undefined;
const loadArgon2 = () => {
  argon2 ??= import("@node-rs/argon2");
  return argon2;
};

// argon2id (the library's default algorithm) at OWASP's minimum: 19 MiB, 2 passes, 1 lane.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return loadArgon2().then(({ hash }) => hash(plain, options));
}

/** False for a wrong password and for a digest that cannot be parsed (never throws on bad input). */
export async function verifyPassword(digest: string, plain: string): Promise<boolean> {
  try {
    const { verify } = await loadArgon2();
    return await verify(digest, plain);
  } catch {
    return false;
  }
}

let dummyDigest: Promise<string> | undefined;

/**
 * Spends the same work as a real check when the user does not exist, so response timing does not
 * reveal which emails have accounts. Always false.
 */
export async function verifyAgainstDummy(plain: string): Promise<false> {
  dummyDigest ??= hashPassword(randomBytes(16).toString("base64url"));
  await verifyPassword(await dummyDigest, plain);
  return false;
}

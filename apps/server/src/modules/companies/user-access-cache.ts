import type { Executor } from "#server/db/client.ts";
import { ExpiringCache } from "#server/lib/expiring-cache.ts";
import type { EventBus } from "../events/index.ts";
import { findUserWithCompanies, type MembershipRow, type UserWithCompanies } from "./companies.repository.ts";

// Who a user is and which companies they belong to is read on every call: `/app/me.json` on every
// page load, the membership check on every company-scoped call. It changes rarely, so it is kept in
// memory for a short while per user; users not found are not kept (a new sign-up works at once).
// Whoever changes a user's profile or memberships, or a company's name or logo, sends `user.changed`
// or `company.changed` on the bus after committing, which drops the entries on every instance; while
// this instance may be missing other instances' notices, the cache is not used at all.

/** How long a user's access may be answered from memory before it is read again (a backstop). */
export const USER_ACCESS_TTL_MS = 30_000;
const MAX_ENTRIES = 20_000;

export class UserAccessCache {
  readonly #cache = new ExpiringCache<UserWithCompanies>({ ttlMs: USER_ACCESS_TTL_MS, maxEntries: MAX_ENTRIES });
  readonly #bus: EventBus;

  constructor(bus: EventBus) {
    this.#bus = bus;
    bus.onNotice((notice) => {
      if (notice.topic === "user.changed") this.#cache.deleteWhere((user) => user.profile.id === notice.userId);
      else if (notice.topic === "company.changed")
        this.#cache.deleteWhere((user) => user.companies.some((company) => company.id === notice.companyId));
      else if (notice.topic === "reset") this.#cache.clear();
    });
  }

  /** The user with their companies and roles, or null when there is no such user. */
  readonly find = async (db: Executor, userId: string): Promise<UserWithCompanies | null> => {
    const nowMs = Date.now();
    if (this.#bus.noticesReliable) {
      const cached = this.#cache.get(userId, nowMs);
      if (cached) return cached;
    }
    const generation = this.#cache.generation();
    const user = await findUserWithCompanies(db, userId);
    if (user) this.#cache.set(userId, user, generation, nowMs);
    return user;
  };

  /** The caller's membership of the company, or null: the company scope's `FindMembership`. */
  readonly findMembership = async (db: Executor, userId: string, companyId: string): Promise<MembershipRow | null> => {
    const user = await this.find(db, userId);
    const company = user?.companies.find((candidate) => candidate.id === companyId);
    if (!user || !company) return null;
    const twoFactorMissing = company.requireTwoFactor && !user.profile.twoFactorEnabled;
    return { companyId: company.id, role: company.role, companyName: company.name, twoFactorMissing };
  };
}

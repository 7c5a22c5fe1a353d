import { AppError } from '../../http/app-error';
import type { Actor, ActorMember } from '../auth/authenticator';
import { memberOf } from './user.dto';
import type { AvatarService } from './avatar.service';
import type { UserRepository, UserRow } from './user.repository';

/** The signed-in member's own profile (`/v1/user/me`). */
export function createProfileService(deps: {
  users: UserRepository;
  /** An avatar URL set by hand replaces an uploaded avatar, whose blob is then released. */
  avatars: Pick<AvatarService, 'remove'>;
  now: () => Date;
}) {
  async function load(userId: string): Promise<UserRow> {
    const user = await deps.users.findById(userId);
    if (!user) {
      // The session outlived its account.
      throw new AppError('unauthenticated');
    }
    return user;
  }

  return {
    /** The member's profile facts, read now. */
    async get(userId: string): Promise<ActorMember> {
      return memberOf(await load(userId));
    },

    /**
     * The caller's own profile facts: those the session check read with the session when it did
     * (as fresh as the trusted session), else read now.
     */
    async current(actor: Actor): Promise<ActorMember> {
      return actor.member ?? memberOf(await load(actor.userId));
    },

    /** Changes the name and avatar; absent fields stay as they are. */
    async update(
      userId: string,
      changes: { name?: string | undefined; picture?: string | undefined },
    ): Promise<ActorMember> {
      const user = await load(userId);
      const patch = {
        ...(changes.name === undefined ? {} : { name: changes.name.trim() }),
        ...(changes.picture === undefined ? {} : { picture: changes.picture }),
      };
      if (Object.keys(patch).length === 0) {
        return memberOf(user);
      }
      if (changes.picture !== undefined && user.picture_sha256 !== null) {
        await deps.avatars.remove(userId);
      }
      await deps.users.updateProfile(userId, patch, deps.now());
      return memberOf(await load(userId));
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;

import { AppError } from '../../http/app-error';
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
    get: load,

    /** Changes the name and avatar; absent fields stay as they are. */
    async update(
      userId: string,
      changes: { name?: string | undefined; picture?: string | undefined },
    ): Promise<UserRow> {
      const user = await load(userId);
      const patch = {
        ...(changes.name === undefined ? {} : { name: changes.name.trim() }),
        ...(changes.picture === undefined ? {} : { picture: changes.picture }),
      };
      if (Object.keys(patch).length === 0) {
        return user;
      }
      if (changes.picture !== undefined && user.picture_sha256 !== null) {
        await deps.avatars.remove(userId);
      }
      await deps.users.updateProfile(userId, patch, deps.now());
      return load(userId);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;

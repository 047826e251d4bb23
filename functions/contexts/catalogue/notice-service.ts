/**
 * What the notifications function mails about an admin's moderation of an offer: the offer as it
 * is now, to its expert (published, or rejected with the admin's reason).
 */
import type { OfferNotice } from '../../../shared/schemas/notices';
import { config } from '../../platform/config';
import { linkMail, type NoticeMail } from '../../platform/mailer';
import * as accounts from '../accounts/service';
import * as repo from './offer-repository';

/** The mail of an offer's notice; none when the offer or its expert is gone. */
export async function offerNoticeMails(notice: OfferNotice): Promise<NoticeMail[]> {
  const offer = await repo.getOffer(notice.offerId);
  const expert = offer && (await accounts.getAccount(offer.expertId));
  if (!offer || !expert || expert.isDeleted) return [];
  const mail =
    notice.kind === 'offerApproved'
      ? linkMail(
          expert.email,
          `Your offer "${offer.title}" is published`,
          `An administrator approved your offer "${offer.title}": students find it in search and on your profile from now on.`,
          'See my offers',
          `${config.appUrl}/my-offers`,
          'Students can now message you about it and book it.',
        )
      : linkMail(
          expert.email,
          `Your offer "${offer.title}" was not approved`,
          `An administrator rejected your offer "${offer.title}". Reason: ${offer.rejectionReason ?? 'none given'}`,
          'See my offers',
          `${config.appUrl}/my-offers`,
          'You can create a new offer that takes the reason into account; it is reviewed again before it is published.',
        );
  return [{ key: `${expert.userId}#${notice.kind}`, kind: notice.kind, recipient: accounts.recipientOf(expert), mail }];
}

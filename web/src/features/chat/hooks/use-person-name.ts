import { useEffect, useState } from 'react';
import { MSG } from '@shared/web-texts';
import { getPerson } from '@/features/chat/api/get-person';
import { fullName } from '@/features/chat/lib/chat-format';

/** Someone a conversation is with: a chat participant, or an offer's expert. */
export interface Person {
  _id: string;
  firstName?: string;
  lastName?: string;
  profilePhoto?: string;
}

/** Names looked up by account id, once per page load (many rows can show the same person). */
const lookups = new Map<string, Promise<string>>();

function lookUpName(id: string): Promise<string> {
  let lookup = lookups.get(id);
  if (!lookup) {
    // Unknown: the id itself, as the spec falls back to it.
    lookup = getPerson(id).then(
      (person) => fullName(person) || id,
      () => id,
    );
    lookups.set(id, lookup);
  }
  return lookup;
}

/**
 * A participant's name: from the participant object when it carries one, else from their profile
 * (GET /user/{id}); 'Loading...' meanwhile.
 */
export function usePersonName(person: Person | undefined): string {
  const known = person ? fullName(person) : '';
  const [looked, setLooked] = useState<{ id: string; name: string }>();
  const id = person?._id;
  useEffect(() => {
    if (known || !id) return;
    let active = true;
    void lookUpName(id).then((name) => active && setLooked({ id, name }));
    return () => {
      active = false;
    };
  }, [known, id]);
  if (known) return known;
  return looked && looked.id === id ? looked.name : MSG.loading;
}

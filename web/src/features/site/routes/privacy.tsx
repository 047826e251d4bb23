import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHydrated } from '@/lib/use-hydrated';
import { POLICY, type PolicyLanguage } from '@/features/site/components/policy-text';
import '@/features/site/site.css';

const LANGUAGES: { code: PolicyLanguage; label: string }[] = [
  { code: 'fr', label: 'Français' },
  { code: 'en', label: 'English' },
];

/** Terms, privacy policy and legal notice, French first with a switch to English. */
export default function PrivacyRoute() {
  const hydrated = useHydrated();
  const [language, setLanguage] = useState<PolicyLanguage>('fr');
  const { hash } = useLocation();
  const policy = POLICY[language];
  useDocumentTitle(language === 'fr' ? 'Confidentialité et conditions' : 'Privacy and terms');

  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <article className="page narrow policy" lang={language} aria-labelledby="policy-title">
      <fieldset className="language-switch" aria-label="Language / Langue" disabled={!hydrated}>
        {LANGUAGES.map(({ code, label }) => (
          <button key={code} type="button" lang={code} aria-pressed={language === code} className="btn btn-small" onClick={() => setLanguage(code)}>
            {label}
          </button>
        ))}
      </fieldset>
      <h1 id="policy-title">{policy.heading}</h1>
      {policy.sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`}>{section.title}</h2>
          {section.body}
        </section>
      ))}
    </article>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, errorText } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import type * as z from 'zod/mini';
import { MSG } from '@shared/web-texts';
import { TextAreaField, TextField } from '@/components/form/text-field';
import { useDocumentTitle } from '@/lib/use-document-title';
import { contactSchema, sendContact } from '@/features/site/api/send-contact';
import '@/features/site/site.css';
import { useHydrated } from '@/lib/use-hydrated';
import { createSendKeys } from '@/lib/send-keys';

type ContactForm = z.input<typeof contactSchema>;

const EMPTY: ContactForm = { firstName: '', lastName: '', email: '', phone: '', message: '' };

export default function ContactRoute() {
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, submitCount, isValid },
  } = useForm<ContactForm, unknown, z.output<typeof contactSchema>>({ resolver: zodResolver(contactSchema), defaultValues: EMPTY });
  useDocumentTitle('Contact us');
  const sendKeys = useRef(createSendKeys());

  async function onSubmit(body: z.output<typeof contactSchema>) {
    const message = { ...body, phone: body.phone || undefined };
    const content = JSON.stringify(message);
    try {
      await sendContact(message, sendKeys.current.keyFor(content));
      sendKeys.current.sent(content);
      notify.success(MSG.contactSent);
      reset(EMPTY);
    } catch (error) {
      // A limit or a mail outage says what to do; anything else is the spec's generic failure. The form keeps its text.
      const explained = error instanceof ApiError && (error.status === 429 || error.status === 503);
      notify.error(explained ? errorText(error) : MSG.contactFailed);
    }
  }

  return (
    <section className="page narrow" aria-labelledby="contact-title">
      <h1 id="contact-title">Contact us</h1>
      <p className="lead">A question about an expert, an order or your account? Write to us and we will answer by e-mail.</p>
      <form className="form card" noValidate onSubmit={handleSubmit(onSubmit)}>
        {submitCount > 0 && !isValid && (
          <p className="notice notice-error" role="alert">
            {MSG.fillRequired}
          </p>
        )}
        <div className="field-row">
          <TextField label="First name" autoComplete="given-name" required error={errors.firstName?.message} {...register('firstName')} />
          <TextField label="Last name" autoComplete="family-name" required error={errors.lastName?.message} {...register('lastName')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
        <TextField label="Phone" type="tel" autoComplete="tel" optional error={errors.phone?.message} {...register('phone')} />
        <TextAreaField label="Message" rows={6} required error={errors.message?.message} {...register('message')} />
        <button type="submit" className="btn btn-primary" disabled={!hydrated || isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send message'}
        </button>
      </form>
    </section>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId, useState } from 'react';
import { type FieldValues, type Resolver, type UseFormRegister, type FieldErrors, useForm } from 'react-hook-form';
import type { Education, WorkExperience } from '@shared/schemas/catalogue';
import { LIMITS } from '@shared/limits';
import { educationEntrySchema, workExperienceEntrySchema } from '@shared/schemas/users';
import { MSG } from '@shared/web-texts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TextAreaField, TextField } from '@/components/form/text-field';
import { FormFailure } from '@/components/form/form-failure';
import { errorText } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { currentAccount, deleteEducation, deleteWorkExperience, saveEducation, saveWorkExperience } from '@/features/profile/api/profile';

interface SectionConfig<T extends FieldValues> {
  title: string;
  addLabel: string;
  empty: string;
  max: number;
  /** What a full list says when one more is asked for. */
  full: string;
  blank: T;
  resolver: Resolver<T>;
  describe: (entry: T) => { heading: string; detail: string };
  fields: (register: UseFormRegister<T>, errors: FieldErrors<T>) => ReactNode;
  save: (index: number, entry: T) => Promise<unknown>;
  remove: (index: number) => Promise<unknown>;
}

/** One list of an expert's About: its entries, each editable and removable, and an Add within the limit. */
function EntrySection<T extends FieldValues>({ entries, config }: { entries: T[]; config: SectionConfig<T> }) {
  const { updateAccount } = useSession();
  const [editing, setEditing] = useState<number>();
  const [problem, setProblem] = useState<string>();
  /** The entry whose Delete was pressed, while the question is open. */
  const [removing, setRemoving] = useState<number>();
  const id = useId();

  async function refreshed(action: () => Promise<unknown>) {
    setProblem(undefined);
    try {
      await action();
      updateAccount(await currentAccount());
      setEditing(undefined);
      notify.success(MSG.profileUpdated);
    } catch (error) {
      setProblem(errorText(error, MSG.profileUpdateFailed));
    }
  }

  function add() {
    if (entries.length >= config.max) return setProblem(config.full);
    setProblem(undefined);
    setEditing(entries.length);
  }

  return (
    <section className="card profile-entries" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{config.title}</h2>
      {entries.length === 0 && editing === undefined && <p>{config.empty}</p>}
      <ul className="profile-entry-list">
        {entries.map((entry, index) => {
          const { heading, detail } = config.describe(entry);
          return (
            // Entries have no id of their own: the server addresses them by position.
            // biome-ignore lint/suspicious/noArrayIndexKey: the index is the entry's address
            <li key={index}>
              {editing === index ? (
                <EntryForm
                  config={config}
                  initial={entry}
                  onCancel={() => setEditing(undefined)}
                  onSave={(next) => refreshed(() => config.save(index, next))}
                />
              ) : (
                <div className="profile-entry">
                  <div>
                    <strong>{heading}</strong>
                    <p>{detail}</p>
                  </div>
                  <div className="profile-entry-actions">
                    <button type="button" className="btn btn-secondary btn-small" onClick={() => setEditing(index)} aria-label={`Edit ${heading}`}>
                      Edit
                    </button>
                    <button type="button" className="btn btn-danger btn-small" onClick={() => setRemoving(index)} aria-label={`Delete ${heading}`}>
                      Delete
                    </button>
                  </div>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {editing === entries.length && (
        <EntryForm
          config={config}
          initial={config.blank}
          onCancel={() => setEditing(undefined)}
          onSave={(next) => refreshed(() => config.save(entries.length, next))}
        />
      )}
      {removing !== undefined && (
        <ConfirmDialog
          message={MSG.deleteEntryConfirm}
          confirmLabel="Delete"
          cancelLabel="Keep it"
          onCancel={() => setRemoving(undefined)}
          onConfirm={() => {
            setRemoving(undefined);
            void refreshed(() => config.remove(removing));
          }}
        />
      )}
      <FormFailure text={problem} />
      {editing === undefined && (
        <button type="button" className="btn btn-secondary" onClick={add}>
          {config.addLabel}
        </button>
      )}
    </section>
  );
}

function EntryForm<T extends FieldValues>({
  config,
  initial,
  onSave,
  onCancel,
}: {
  config: SectionConfig<T>;
  initial: T;
  onSave: (entry: T) => Promise<void>;
  onCancel: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<T>({ resolver: config.resolver, defaultValues: initial as never });
  return (
    <form className="form profile-entry-form" noValidate onSubmit={handleSubmit(onSave)} aria-label={config.title}>
      {config.fields(register, errors)}
      <div className="profile-entry-actions">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

type EducationForm = Education & { year: string };
type WorkForm = WorkExperience & { description: string };

const educationConfig: SectionConfig<EducationForm> = {
  title: 'Education',
  addLabel: 'Add education',
  empty: MSG.noEducation,
  max: LIMITS.educationMax,
  full: MSG.educationMax,
  blank: { institution: '', level: '', degree: '', field: '', year: '' },
  resolver: zodResolver(educationEntrySchema) as unknown as Resolver<EducationForm>,
  describe: (entry) => ({
    heading: entry.institution,
    detail: [entry.level, entry.degree, entry.field, entry.year].filter(Boolean).join(' · '),
  }),
  fields: (register, errors) => (
    <>
      <TextField label="University or school" maxLength={LIMITS.entryTextMax} error={errors.institution?.message} {...register('institution')} />
      <TextField label="Level" hint="For example Bachelor, Master, PhD." maxLength={LIMITS.entryTextMax} error={errors.level?.message} {...register('level')} />
      <TextField label="Degree" optional maxLength={LIMITS.entryTextMax} error={errors.degree?.message} {...register('degree')} />
      <TextField label="Field of study" optional maxLength={LIMITS.entryTextMax} error={errors.field?.message} {...register('field')} />
      <TextField label="Year" inputMode="numeric" maxLength={10} error={errors.year?.message} {...register('year')} />
    </>
  ),
  save: (index, entry) => saveEducation(index, entry),
  remove: deleteEducation,
};

const workConfig: SectionConfig<WorkForm> = {
  title: 'Work experience',
  addLabel: 'Add experience',
  empty: MSG.noWorkExperience,
  max: LIMITS.workExperienceMax,
  full: MSG.workExperienceAddMax,
  blank: { company: '', position: '', startDate: '', endDate: '', description: '' },
  resolver: zodResolver(workExperienceEntrySchema) as unknown as Resolver<WorkForm>,
  describe: (entry) => ({
    heading: `${entry.position}, ${entry.company}`,
    detail: [[entry.startDate, entry.endDate].filter(Boolean).join(' – '), entry.description].filter(Boolean).join(' · '),
  }),
  fields: (register, errors) => (
    <>
      <TextField label="Company" maxLength={LIMITS.entryTextMax} error={errors.company?.message} {...register('company')} />
      <TextField label="Position" maxLength={LIMITS.entryTextMax} error={errors.position?.message} {...register('position')} />
      <div className="form-row">
        <TextField label="From" optional placeholder="MM/YYYY" maxLength={7} error={errors.startDate?.message} {...register('startDate')} />
        <TextField label="To" optional placeholder="MM/YYYY or Present" maxLength={7} error={errors.endDate?.message} {...register('endDate')} />
      </div>
      <TextAreaField
        label="Description"
        rows={4}
        hint={`${LIMITS.workDescriptionMin} to ${LIMITS.workDescriptionMax} characters.`}
        maxLength={LIMITS.workDescriptionMax}
        error={errors.description?.message}
        {...register('description')}
      />
    </>
  ),
  save: (index, entry) => saveWorkExperience(index, entry),
  remove: deleteWorkExperience,
};

/** An expert's education (at most 3 entries) and work experience (at most 2), each saved on its own. */
export function ExpertEntries() {
  const { account } = useSession();
  if (!account) return null;
  return (
    <>
      <EntrySection entries={(account.education ?? []).map((entry) => ({ ...entry, year: `${entry.year}` }))} config={educationConfig} />
      <EntrySection entries={(account.workExperience ?? []).map((entry) => ({ ...entry, description: entry.description ?? '' }))} config={workConfig} />
    </>
  );
}

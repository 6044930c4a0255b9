import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Center, Group, Loader, Paper, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  type BlogPost,
  type BlogPostCreate,
  type BlogPostUpdate,
  blogPostCreateSchema,
  blogStatuses,
  isSlug,
  languages,
  MAX_SLUG_LENGTH,
  proposeSlug,
  V,
} from '@ps/contracts';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Controller, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { UnsavedChangesDialog } from '../../components/ConfirmDialog';
import { BackToListLink, FormActions } from '../../components/FormKit';
import { RecordState } from '../../components/RecordState';
import { ApiError } from '../../lib/api';
import { applyServerFieldErrors, useFormToasts, useUnsavedChangesGuard } from '../../lib/forms';
import { translateMessage } from '../../lib/i18n';
import { backToList } from '../../lib/listReturn';
import { usePageTitle } from '../../lib/pageTitle';
import { blogResource, useRemoveCover, useUploadCover } from './api';
import { type CoverChoice, CoverField, noCoverChange } from './CoverField';
import { fromLocalInput, toLocalInput } from './format';

// The rich text editor (Tiptap, ProseMirror, @mantine/tiptap and its styles) is a chunk of its own: the blog's list and
// preview never load it.
const RichTextField = lazy(() => import('./RichTextField'));

const newRoute = getRouteApi('/$companyId/blog/new');
const editRoute = getRouteApi('/$companyId/blog/$postId/edit');

interface BlogFormValues {
  title: string;
  slug: string;
  body: string;
  language: 'en' | 'ta';
  status: 'draft' | 'published';
  /** The `datetime-local` value on the user's clock; '' is "now" when published. */
  publish_at: string;
}

/**
 * The form checks what the API checks (the contract's title and body rules, the slug rule), plus the publication
 * time as the browser's field gives it. A new post's slug may be left empty (the API proposes one); an edited one keeps its own.
 */
const formSchema = (slugRequired: boolean) =>
  z.object({
    title: blogPostCreateSchema.shape.title,
    slug: z
      .string()
      .trim()
      .refine((value) => !slugRequired || value !== '', { error: V.required, abort: true })
      .refine((value) => value.length <= MAX_SLUG_LENGTH, { error: V.tooLong, abort: true })
      .refine((value) => value === '' || isSlug(value), { error: V.slug }),
    body: z.string().min(1, { error: V.required }),
    language: z.enum(languages),
    status: z.enum(blogStatuses),
    publish_at: z.string().refine((value) => value === '' || fromLocalInput(value) !== null, { error: V.invalidValue }),
  });
const createResolver = zodResolver(formSchema(false));
const editResolver = zodResolver(formSchema(true));

const formFields = ['title', 'slug', 'body', 'language', 'status'] as const;
/** 400 details and a slug already taken (409 naming `slug`) beside their fields; `published_at` is the time field. */
function showServerErrors(error: unknown, setError: UseFormSetError<BlogFormValues>) {
  applyServerFieldErrors(error, setError, (field) =>
    field === 'published_at'
      ? 'publish_at'
      : (formFields as readonly string[]).includes(field)
        ? (field as (typeof formFields)[number])
        : undefined,
  );
}

interface BlogFormProps {
  post?: BlogPost;
  submitLabel: string;
  cancelHref: string;
  /** Saves the post; answers it (the cover is sent after, to its id). */
  save: (values: BlogFormValues) => Promise<BlogPost>;
  /** Where to go once saved (a new post whose cover failed goes to its edit page instead). */
  done: (saved: BlogPost, coverFailed: boolean) => Promise<void>;
}

function BlogForm({ post, submitLabel, cancelHref, save, done }: BlogFormProps) {
  const { t, i18n } = useTranslation();
  const toasts = useFormToasts();
  const uploadCover = useUploadCover();
  const removeCover = useRemoveCover();
  const [cover, setCover] = useState<CoverChoice>(noCoverChange);
  const [coverError, setCoverError] = useState<string>();
  const [slugTouched, setSlugTouched] = useState(Boolean(post));
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<BlogFormValues>({
    resolver: post ? editResolver : createResolver,
    defaultValues: {
      title: post?.title ?? '',
      slug: post?.slug ?? '',
      body: post?.body ?? '',
      // A new post is most likely written in the language the user works in.
      language: post?.language ?? (i18n.language === 'ta' ? 'ta' : 'en'),
      status: post?.status ?? 'draft',
      publish_at: toLocalInput(post?.published_at ?? null),
    },
  });
  const { blocker, allowLeave } = useUnsavedChangesGuard((isDirty || cover.file !== null || cover.remove) && !isSubmitting);
  const error = (message: string | undefined) => translateMessage(message);
  const language = watch('language');
  const status = watch('status');
  const title = watch('title');
  // A new post's address follows its title until the user types one of their own.
  useEffect(() => {
    if (!slugTouched) setValue('slug', title.trim() === '' ? '' : proposeSlug(title), { shouldDirty: true });
  }, [title, slugTouched, setValue]);

  const onSubmit = async (values: BlogFormValues) => {
    let saved: BlogPost;
    try {
      saved = await save(values);
    } catch (failure) {
      toasts.error(failure);
      showServerErrors(failure, setError);
      return;
    }
    let coverFailed = false;
    try {
      if (cover.file) await uploadCover.mutateAsync({ id: saved.id, file: cover.file });
      else if (cover.remove && saved.cover) await removeCover.mutateAsync(saved.id);
    } catch (failure) {
      coverFailed = true;
      const message = failure instanceof ApiError ? failure.message : t('app.errors.unexpected');
      setCoverError(message);
      toasts.errorText(t('blog.form.coverFailed', { message }));
    }
    if (!coverFailed) {
      setCover(noCoverChange);
      toasts.success(t(values.status === 'published' ? 'blog.toast.savedPublished' : 'blog.toast.saved', { title: saved.title }));
    }
    allowLeave();
    await done(saved, coverFailed);
  };

  return (
    <Paper component="form" p={{ base: 'md', sm: 'lg' }} radius="md" withBorder noValidate onSubmit={handleSubmit(onSubmit)}>
      <Stack gap="md">
        <Controller
          control={control}
          name="title"
          render={({ field }) => (
            <TextInput
              label={t('blog.fields.title')}
              required
              maxLength={200}
              lang={language}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              error={error(errors.title?.message)}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Controller
            control={control}
            name="slug"
            render={({ field }) => (
              <TextInput
                label={t('blog.fields.slug')}
                description={t('blog.form.slugHint')}
                required={Boolean(post)}
                maxLength={MAX_SLUG_LENGTH}
                autoComplete="off"
                spellCheck={false}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => {
                  setSlugTouched(true);
                  field.onChange(event.currentTarget.value);
                }}
                error={error(errors.slug?.message)}
              />
            )}
          />
          <Controller
            control={control}
            name="language"
            render={({ field }) => (
              <Radio.Group
                label={t('blog.fields.language')}
                description={t('blog.form.languageHint')}
                required
                name={field.name}
                value={field.value}
                onChange={(value) => field.onChange(value as BlogFormValues['language'])}
                error={error(errors.language?.message)}
              >
                <Group gap="lg" mt={6}>
                  <Radio value="en" label={t('blog.languages.en')} />
                  <Radio value="ta" label={t('blog.languages.ta')} />
                </Group>
              </Radio.Group>
            )}
          />
        </SimpleGrid>

        <Controller
          control={control}
          name="body"
          render={({ field }) => (
            <Suspense
              fallback={
                <Center mih={280} role="status">
                  <Group gap="xs">
                    <Loader size="sm" aria-hidden />
                    <Text>{t('blog.editor.loading')}</Text>
                  </Group>
                </Center>
              }
            >
              <RichTextField
                label={t('blog.fields.body')}
                required
                initialValue={post?.body ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                language={language}
                error={error(errors.body?.message)}
              />
            </Suspense>
          )}
        />

        <CoverField post={post} choice={cover} onChoice={setCover} error={coverError} onError={setCoverError} />

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <Radio.Group
                label={t('blog.fields.status')}
                description={t('blog.form.statusHint')}
                name={field.name}
                value={field.value}
                onChange={(value) => field.onChange(value as BlogFormValues['status'])}
              >
                <Group gap="lg" mt={6}>
                  <Radio value="draft" label={t('blog.states.draft')} />
                  <Radio value="published" label={t('blog.form.publish')} />
                </Group>
              </Radio.Group>
            )}
          />
          {status === 'published' ? (
            <Controller
              control={control}
              name="publish_at"
              render={({ field }) => (
                <TextInput
                  type="datetime-local"
                  label={t('blog.form.publishAt')}
                  description={t('blog.form.publishAtHint')}
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(event.currentTarget.value)}
                  error={error(errors.publish_at?.message)}
                />
              )}
            />
          ) : null}
        </SimpleGrid>
        {post?.status === 'published' && status === 'draft' ? (
          <Alert color="orange" variant="light" title={t('blog.form.unpublishTitle')}>
            {t('blog.form.unpublishNote')}
          </Alert>
        ) : null}

        <FormActions cancelHref={cancelHref} submitLabel={submitLabel} busy={isSubmitting} />
      </Stack>
      <UnsavedChangesDialog blocked={blocker.status === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Paper>
  );
}

/** The publication time to send: nothing when unchanged (kept) or a draft, null when emptied (now), else the instant. */
function publishedAtOf(values: BlogFormValues, initial: string): string | null | undefined {
  if (values.status !== 'published' || values.publish_at === initial) return undefined;
  return values.publish_at === '' ? null : fromLocalInput(values.publish_at);
}

export function BlogCreatePage() {
  const { t } = useTranslation();
  usePageTitle(t('blog.form.createTitle'));
  const { companyId } = newRoute.useParams();
  const navigate = useNavigate();
  const create = blogResource.useCreate();
  const list = `/${companyId}/blog`;
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={list} label={t('blog.backToList')} />
      <Title order={1} size="h2">
        {t('blog.form.createTitle')}
      </Title>
      <BlogForm
        submitLabel={t('blog.form.save')}
        cancelHref={list}
        save={(values) => {
          const body: BlogPostCreate = {
            title: values.title,
            body: values.body,
            language: values.language,
            status: values.status,
            ...(values.slug.trim() ? { slug: values.slug.trim() } : {}),
            ...(publishedAtOf(values, '') === undefined ? {} : { published_at: publishedAtOf(values, '') }),
          };
          return create.mutateAsync(body);
        }}
        done={async (saved, coverFailed) => {
          if (coverFailed) await navigate({ to: '/$companyId/blog/$postId/edit', params: { companyId, postId: String(saved.id) } });
          else await navigate(backToList(`/${companyId}/blog`));
        }}
      />
    </Stack>
  );
}

export function BlogEditPage() {
  const { t } = useTranslation();
  const { companyId, postId } = editRoute.useParams();
  const id = Number(postId);
  const navigate = useNavigate();
  const post = blogResource.useOne(id);
  const update = blogResource.useUpdate(id);
  const title = post.data ? t('blog.form.editTitle', { title: post.data.title }) : t('blog.form.editTitleGeneric');
  usePageTitle(title);
  const list = `/${companyId}/blog`;
  return (
    <Stack gap="md" maw={960}>
      <BackToListLink path={list} label={t('blog.backToList')} />
      <Title order={1} size="h2" className="ps-wrap">
        {title}
      </Title>
      <RecordState query={post} notFoundTitle={t('blog.notFound')}>
        {(current) => (
          <BlogForm
            key={current.id}
            post={current}
            submitLabel={t('blog.form.save')}
            cancelHref={list}
            save={(values) => {
              const published_at = publishedAtOf(values, toLocalInput(current.published_at));
              const body: BlogPostUpdate = {
                title: values.title,
                slug: values.slug.trim(),
                body: values.body,
                language: values.language,
                status: values.status,
                ...(published_at === undefined ? {} : { published_at }),
              };
              return update.mutateAsync(body);
            }}
            done={async (_saved, coverFailed) => {
              if (!coverFailed) await navigate(backToList(`/${companyId}/blog`));
            }}
          />
        )}
      </RecordState>
    </Stack>
  );
}

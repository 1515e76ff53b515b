package io.dynoscope.repository;

import io.dynoscope.core.table.TableChange;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.JobRuns;
import io.dynoscope.service.store.MfaCodePrompt;
import io.dynoscope.service.store.Repositories;
import io.dynoscope.service.store.RequestTimeouts;

/** The AWS SDK's {@link Repositories}: {@link SdkDynamoRepository}s and {@link TableRequests}. */
public final class SdkRepositories implements Repositories {

    @Override
    public DynamoRepository open(
            ConnectionSpec connection, RequestTimeouts timeouts, MfaCodePrompt mfa) {
        return SdkDynamoRepository.connect(connection, timeouts, mfa);
    }

    @Override
    public JobRuns jobRuns(ConnectionSpec connection, String region) {
        return SdkJobRuns.create(connection, region);
    }

    @Override
    public String requestText(TableChange change) {
        return TableRequests.text(change);
    }
}

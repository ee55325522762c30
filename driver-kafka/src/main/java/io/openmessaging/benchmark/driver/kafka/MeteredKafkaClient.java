package io.openmessaging.benchmark.driver.kafka;

import java.util.Map;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;

/** A producer or consumer of this driver whose Kafka client's own metrics the result shows. */
interface MeteredKafkaClient {

    /** The Kafka client's metrics while it is open; none once closed (its last values would linger). */
    Map<MetricName, ? extends Metric> metrics();
}

variable "name" {
  description = "Prefix of every resource's Name tag; also tags everything for cost reports."
  type        = string
  default     = "brokerbench"
}

variable "region" {
  description = "AWS region."
  type        = string
  default     = "us-west-2"
}

variable "ssh_public_key_path" {
  description = "Public key installed for the login user (admin on Debian) of every instance."
  type        = string
  default     = "~/.ssh/id_ed25519.pub"
}

variable "ssh_ingress_cidrs" {
  description = "Addresses allowed to SSH into the instances (the machine running Ansible), e.g. [\"203.0.113.7/32\"]. No default: SSH is never open to the world by accident."
  type        = list(string)
}

variable "broker_count" {
  description = "Broker instances: Kafka runs on each (KRaft, 3 for replication factor 3); Redis on the first."
  type        = number
  default     = 3
}

variable "broker_instance_type" {
  description = "Instance type of the brokers."
  type        = string
  default     = "m6i.2xlarge"
}

variable "broker_volume_size_gb" {
  description = "Root volume (gp3) of each broker, which holds Kafka's data."
  type        = number
  default     = 200
}

variable "broker_volume_throughput" {
  description = "Provisioned throughput of each broker's gp3 volume, MB/s (125 included, up to 1000)."
  type        = number
  default     = 250
}

variable "client_count" {
  description = "Client instances, each running one brokerbench worker."
  type        = number
  default     = 4
}

variable "client_instance_type" {
  description = "Instance type of the clients (workers)."
  type        = string
  default     = "c6i.2xlarge"
}

variable "coordinator_instance_type" {
  description = "Instance type of the coordinator (runs bin/benchmark; merges the workers' histograms)."
  type        = string
  default     = "c6i.large"
}

variable "worker_port" {
  description = "Port of the worker API; the stats port (Prometheus /metrics) is the next one."
  type        = number
  default     = 8080
}

variable "vpc_cidr" {
  description = "Address range of the VPC; the instances' subnet is its first /24."
  type        = string
  default     = "10.0.0.0/16"
}

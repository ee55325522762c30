output "broker_private_ips" {
  value = aws_instance.broker[*].private_ip
}

output "client_private_ips" {
  value = aws_instance.client[*].private_ip
}

output "coordinator_public_ip" {
  value = aws_instance.coordinator.public_ip
}

# terraform output -raw ansible_inventory > ../../ansible/inventory.ini
output "ansible_inventory" {
  description = "Inventory for deploy/ansible/site.yml: groups brokers, redis, clients, coordinator."
  value = templatefile("${path.module}/inventory.tftpl", {
    brokers     = [for i in aws_instance.broker : { public = i.public_ip, private = i.private_ip }]
    clients     = [for i in aws_instance.client : { public = i.public_ip, private = i.private_ip }]
    coordinator = { public = aws_instance.coordinator.public_ip, private = aws_instance.coordinator.private_ip }
  })
}
